import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { auth } from '@/lib/messages/auth.ts';
import { common } from '@/lib/messages/common.ts';
import { buttonClassName } from '@/components/ui/button.tsx';

/** Unknown /admin/... path: a not-found page inside the shell. */
export default function AdminNotFoundPage() {
  return (
    <div>
      <PageHeader title={auth.shell.notFoundTitle} description={common.notFound.description} />
      <Link to="/admin" className={buttonClassName('secondary')}>
        {common.notFound.backDashboard}
      </Link>
    </div>
  );
}
