import { Link } from 'react-router-dom';
import { publicSite } from '@/lib/messages/public-site.ts';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-teal-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold text-slate-900">{publicSite.notFound.heading}</h1>
      <p className="text-slate-600">{publicSite.notFound.text}</p>
      <Link to="/" className="inline-flex h-10 items-center rounded-md bg-teal-700 px-4 text-sm font-semibold text-white hover:bg-teal-800">
        {publicSite.notFound.back}
      </Link>
    </div>
  );
}
