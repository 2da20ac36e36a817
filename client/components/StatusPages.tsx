// Pages for an unknown route, a store failure and, under the dev server, a page that failed to
// build. Only a first page can be one of them (client-side navigation shows doc pages), so in the
// browser they are a chunk of their own that only such a page loads.

import type { BootData } from '../contract/boot.ts';
import type { BrokenPage } from '../contract/page.ts';
import { unavailableText } from '../contract/status-text.ts';
import { useStyleGroup } from '../use-style-loader.ts';

export interface StatusPageProps {
  status: BootData['status'];
  broken?: BrokenPage;
}

/** The page for a status: a 404 without a page, a 500 with the build's problems, else 503. */
export function StatusPage({ status, broken }: StatusPageProps) {
  // The worker inlines the group in the pages it serves; a page the browser shows on its own links it.
  useStyleGroup('status');
  if (status === 404) return <NotFound />;
  if (status === 500 && broken) return <BrokenPageProblems broken={broken} />;
  return <ServiceUnavailable />;
}

function NotFound() {
  return (
    <main id="__main" className="status-page" tabIndex={-1}>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved. Start again from the <a href="/">documentation home</a> or pick a page from the menu.
      </p>
    </main>
  );
}

function ServiceUnavailable() {
  return (
    <main id="__main" className="status-page" tabIndex={-1}>
      <h1>{unavailableText.heading}</h1>
      <p>{unavailableText.message}</p>
      {/* A GET form reloads the page without needing JavaScript. */}
      <form method="get">
        <button type="submit" className="button button-primary">
          Retry
        </button>
      </form>
    </main>
  );
}

/** Where each problem is and what to do about it: the build's own words, never a stack trace. */
function BrokenPageProblems({ broken }: { broken: BrokenPage }) {
  const count = broken.problems.length + broken.more;
  return (
    <main id="__main" className="status-page build-error" tabIndex={-1}>
      <h1>This page failed to build</h1>
      <p>
        <code>{broken.source}</code> has {count === 1 ? 'a problem' : `${count} problems`}. Fix{' '}
        {count === 1 ? 'it' : 'them'} and save: the dev server builds the page again, and this page shows it once it
        builds.
      </p>
      <ol className="build-problems">
        {broken.problems.map((problem, index) => (
          <li key={index}>
            <p>
              <code className="build-problem-place">
                {problem.file}
                {problem.line ? `:${problem.line}` : ''}
              </code>
            </p>
            <p className="build-problem-text">{problem.problem}</p>
            <p>
              <strong>Fix:</strong> {problem.fix}
            </p>
          </li>
        ))}
      </ol>
      {broken.more > 0 ? <p>{broken.more} more problems are listed in the terminal.</p> : null}
    </main>
  );
}
