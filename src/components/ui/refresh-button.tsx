// The "Làm mới" button of list and detail screens: reloads the screen's data, spinning while the
// reload runs (the first load shows the screen's own loading state instead).
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { common } from '@/lib/messages/common.ts';
import { Button, type ButtonProps } from './button.tsx';

export type RefreshButtonProps = Omit<ButtonProps, 'variant' | 'icon' | 'children'>;

export function RefreshButton(props: RefreshButtonProps) {
  return (
    <Button variant="secondary" icon={<RefreshCw className="size-4" aria-hidden="true" />} {...props}>
      {common.actions.refresh}
    </Button>
  );
}

/** "Làm mới" that marks every query under `queryKey` stale, so the screen's lists and cards reload. */
export function RefreshQueryButton({ queryKey, ...props }: RefreshButtonProps & { queryKey: QueryKey }) {
  const queryClient = useQueryClient();
  return <RefreshButton {...props} onClick={() => void queryClient.invalidateQueries({ queryKey })} />;
}
