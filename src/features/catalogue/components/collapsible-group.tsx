// A titled group of the catalogue screens (services by profession, packages by service): a header
// whose name toggles the body (aria-expanded / aria-controls, the state said to screen readers), a
// count or other detail beside it, and an "add" button on the right.
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';

export interface CollapsibleGroupProps {
  /** DOM id of the body (the heading gets `${id}-title`). */
  id: string;
  name: string;
  detail: ReactNode;
  collapsed: boolean;
  onToggle: () => void;
  /** The toggle's state said to screen readers and the add button's text, each for the group's name. */
  texts: { expandGroup: (name: string) => string; collapseGroup: (name: string) => string; addInGroup: (name: string) => string };
  onAdd: () => void;
  /** Set when the add button opens something in place (true while it is open). */
  addExpanded?: boolean;
  children: ReactNode;
}

export function CollapsibleGroup({ id, name, detail, collapsed, onToggle, texts, onAdd, addExpanded, children }: CollapsibleGroupProps) {
  return (
    <section className="overflow-hidden rounded-lg border border-slate-200 bg-white" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-100 px-3 py-2">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-controls={id}
            onClick={onToggle}
            className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {collapsed ? <ChevronRight className="size-4" aria-hidden="true" /> : <ChevronDown className="size-4" aria-hidden="true" />}
            {name}
            <span className="sr-only">{collapsed ? ` (${texts.expandGroup(name)})` : ` (${texts.collapseGroup(name)})`}</span>
          </button>
          <span className="ml-2 text-sm font-normal text-slate-600">{detail}</span>
        </h2>
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden="true" />}
          {...(addExpanded === undefined ? {} : { 'aria-expanded': addExpanded })}
          onClick={onAdd}
        >
          {texts.addInGroup(name)}
        </Button>
      </div>
      <div id={id} hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}

/** Which groups are collapsed (by id), and the toggle of one. */
export function useCollapsedGroups(): [ReadonlySet<string>, (id: string) => void] {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
