// The cost of one request, bounded before any SQL runs (`[api.fair_share]` max_embeds,
// max_embed_depth, max_columns; local-stack/rest/README.md, "Fair share and request cost"): the
// embeds of its plan (filter-only `embed()` included, each is a join), their deepest nesting, and the
// columns it selects across every level (`*` counts every column of its relation).
import type { RestFairShare } from '../config.ts';
import { ApiError } from './errors.ts';
import type { PlanNode } from './sql-read.ts';

export interface RequestCost {
  embeds: number;
  depth: number;
  columns: number;
}

export function planCost(root: PlanNode): RequestCost {
  const cost: RequestCost = { embeds: 0, depth: 0, columns: 0 };
  const visit = (node: PlanNode, depth: number): void => {
    cost.depth = Math.max(cost.depth, depth);
    // A spread's columns are counted once, in its own node.
    for (const item of node.items) if (item.kind === 'expr') cost.columns += 1;
    for (const embed of node.embeds) {
      cost.embeds += 1;
      visit(embed.node, depth + 1);
    }
  };
  visit(root, 0);
  return cost;
}

/** 400 SDV003 when the plan's cost is over one of the limits. */
export function checkCost(root: PlanNode, limits: Pick<RestFairShare, 'maxEmbeds' | 'maxEmbedDepth' | 'maxColumns'>): void {
  const cost = planCost(root);
  const over: string[] = [];
  if (cost.embeds > limits.maxEmbeds) over.push(`${cost.embeds} embedded resources (at most ${limits.maxEmbeds})`);
  if (cost.depth > limits.maxEmbedDepth) over.push(`embeds nested ${cost.depth} deep (at most ${limits.maxEmbedDepth})`);
  if (cost.columns > limits.maxColumns) over.push(`${cost.columns} selected columns (at most ${limits.maxColumns})`);
  if (over.length > 0) {
    throw new ApiError(400, 'SDV003', 'Request too costly', `The request selects ${over.join(', ')}`, 'Select fewer columns and embedded resources, or split the request.');
  }
}
