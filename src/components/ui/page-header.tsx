import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { useDocumentTitle } from '@/lib/format/use-document-title.ts';
import { common } from '@/lib/messages/common.ts';
import { listReturnHref } from '@/lib/lists/list-return.ts';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (refresh, add, export…). */
  actions?: ReactNode;
  /** A back link shown above the title (to the list as the admin left it: lib/lists/list-return.ts). */
  back?: { to: string; label?: string };
  /** Browser tab title; defaults to `title`. */
  documentTitle?: string;
}

/** Page heading (h1) that also sets the document title. A long word (a name without spaces) wraps anywhere rather than widening the page. */
export function PageHeader({ title, description, actions, back, documentTitle }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <header className="mb-6 space-y-2">
      {back ? (
        <Link to={listReturnHref(back.to)} className="inline-flex items-center gap-1 text-sm text-teal-800 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label ?? common.actions.back}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold wrap-anywhere text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-sm wrap-anywhere text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
