import { useEffect } from 'react';
import { common } from '@/lib/messages/common.ts';

/** Sets the browser tab title: "<page> | Sàn Dịch Vụ". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === '' ? common.appName : `${title} | ${common.appName}`;
  }, [title]);
}
