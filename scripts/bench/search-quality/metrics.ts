// Hit@1, hit@3 and MRR of one engine's answers to one query set: each answer is the engine's
// pages, best first; a query is right at the rank of the first page it names.

export interface BenchQuery {
  q: string;
  /** Routes of the pages that answer it (any of them counts). */
  routes: string[];
  /** What kind of query a reader typed: api, phrase, question, typo, product. */
  kind: string;
}

export interface QueryResult {
  query: BenchQuery;
  /** 1-based rank of the first right page within the first `depth` pages; 0 when absent. */
  rank: number;
  pages: string[];
}

/** Pages past this rank count as not found (MRR adds nothing for them either). */
export const depth = 10;

export function rankOf(query: BenchQuery, pages: string[]): number {
  const at = pages.slice(0, depth).findIndex((page) => query.routes.includes(page));
  return at + 1;
}

export interface Scores {
  queries: number;
  hit1: number;
  hit3: number;
  mrr: number;
  /** Queries whose answer was empty. */
  blank: number;
}

export function scores(results: QueryResult[]): Scores {
  const n = results.length;
  const count = (test: (result: QueryResult) => boolean) => results.filter(test).length;
  return {
    queries: n,
    hit1: count((r) => r.rank === 1) / n,
    hit3: count((r) => r.rank >= 1 && r.rank <= 3) / n,
    mrr: results.reduce((sum, r) => sum + (r.rank > 0 ? 1 / r.rank : 0), 0) / n,
    blank: count((r) => r.pages.length === 0),
  };
}
