// The search button in the navbar, rendered by the server only: the browser keeps its markup (see
// StaticChrome) and works it through listeners on the document (client/open-search.ts), so
// no React code of it is shipped.

/** `instanceTags`: the site's other docs plugin instances' search tags, which the modal searches too. */
export function SearchButton({ instanceTags }: { instanceTags?: readonly string[] }) {
  return (
    <button
      type="button"
      className="search-button"
      aria-label="Search docs"
      aria-keyshortcuts="Control+K Meta+K /"
      data-search-tags={instanceTags?.join(' ')}
    >
      <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
        <path
          d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 113.733 3.733a7.533 7.533 0 0110.653 10.653z"
          stroke="currentColor"
          fill="none"
          fillRule="evenodd"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="1.6"
        />
      </svg>
      <span className="search-button-placeholder">Search docs</span>
      {/* Ctrl until the browser knows better: open-search.ts writes ⌘ on an Apple device. */}
      <span className="search-button-keys" aria-hidden="true">
        <kbd>Ctrl</kbd>
        <kbd>K</kbd>
      </span>
    </button>
  );
}
