// The text of a list cell with the searched term marked, ignoring accents and case (lib/lists/search.ts):
// "nguyen" marks "Nguyễn". The mark has its own dark text: grey cell text on its amber fails contrast (axe).
import { Fragment } from 'react';
import { highlightParts } from '@/lib/lists/search.ts';

export function Highlight({ text, term }: { text: string; term: string }) {
  if (term.trim() === '') return <>{text}</>;
  return (
    <>
      {highlightParts(text, term).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
