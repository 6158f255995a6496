// A provider's review summary as returned by public.provider_review_summary, and its star bars
// (pure, unit-tested).
import { z } from 'zod/mini';

export const summarySchema = z.object({
  count: z.coerce.number(),
  average: z.coerce.number(),
  distribution: z.object({
    '1': z.coerce.number(),
    '2': z.coerce.number(),
    '3': z.coerce.number(),
    '4': z.coerce.number(),
    '5': z.coerce.number(),
  }),
});

export type ReviewSummary = z.infer<typeof summarySchema>;

/** Share of each star count in percent (0 when there are no reviews), 5 stars first. */
export function starBars(summary: ReviewSummary): { stars: 1 | 2 | 3 | 4 | 5; count: number; percent: number }[] {
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = summary.distribution[String(stars) as '1' | '2' | '3' | '4' | '5'];
    return { stars, count, percent: summary.count > 0 ? Math.round((count / summary.count) * 100) : 0 };
  });
}
