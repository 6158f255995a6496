import type { ReactNode } from 'react';
import { legalPage, type LegalSection } from '@/lib/messages/public-legal.ts';

export interface LegalPageProps {
  title: string;
  heading: string;
  intro: string;
  sections: readonly LegalSection[];
  /** The line under the heading saying when the document last changed (the privacy page's). */
  lastUpdated?: ReactNode;
}

/** A numbered legal document with a table of contents. */
export function LegalPage({ heading, intro, sections, lastUpdated }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
        {lastUpdated}
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
