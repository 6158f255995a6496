import { formatLongDate } from '@/lib/format.ts';
import { legalPage, type LegalSection } from '@/lib/messages/public-legal.ts';
import { useSyncExternalStore } from 'react';
import { pageBuiltAt } from '@/features/public-site/api/use-public-resource.ts';

export interface LegalPageProps {
  title: string;
  heading: string;
  intro: string;
  sections: readonly LegalSection[];
  /** Shows "Cập nhật lần cuối: <today in Vietnam>" (the privacy page). */
  showLastUpdated?: boolean;
}

const noSubscription = () => () => undefined;

/**
 * Today in Vietnam; while hydrating a prerendered page, the day it was built (what its HTML says),
 * so hydration matches and the text turns to today right after.
 */
function useLastUpdated(): string {
  const today = () => formatLongDate(new Date());
  return useSyncExternalStore(noSubscription, today, () => formatLongDate(pageBuiltAt() ?? new Date()));
}

/** A numbered legal document with a table of contents. */
export function LegalPage({ heading, intro, sections, showLastUpdated = false }: LegalPageProps) {
  const lastUpdated = useLastUpdated();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
        {showLastUpdated ? (
          <p className="text-sm text-slate-600" data-testid="last-updated">
            {legalPage.lastUpdated(lastUpdated)}
          </p>
        ) : null}
        <p className="leading-relaxed text-slate-700">{intro}</p>
      </header>
      <nav aria-labelledby="toc-heading" className="mt-8 rounded-xl bg-slate-50 p-5">
        <h2 id="toc-heading" className="font-semibold text-slate-900">
          {legalPage.toc}
        </h2>
        <ol className="mt-3 list-inside list-decimal space-y-1 text-sm">
          {sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#muc-${index + 1}`} className="text-teal-800 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <section key={section.heading} id={`muc-${index + 1}`} aria-labelledby={`muc-${index + 1}-heading`} className="scroll-mt-20">
            <h2 id={`muc-${index + 1}-heading`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.items ? (
              <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
