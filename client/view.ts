// What the layout shows and what client-side navigation may do to it: the shapes the first load's
// layout (App.tsx) and the navigation chunk (navigation.tsx) hand each other. Types only, so the
// two share no code.

import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { BootData, BootPage } from './contract/boot.ts';

/**
 * What the layout shows between the navbar and the footer. The first page's sidebar and article
 * stay the server's markup until client-side navigation (its own chunk) renders them: the code
 * that renders pages is not part of the first load.
 */
export interface View {
  page: BootPage | null;
  status: BootData['status'];
  route: string;
  /** The sidebar menu as navigation rendered it (null: the page has none); else the server's markup. */
  menu?: ReactNode;
  /** What the article's place shows instead of the server's markup: a page navigation loaded, or a load error. */
  article?: ReactNode;
  /** Beside the article while a load is slow. */
  spinner?: ReactNode;
  /** Runs once the view it came with is on screen, before paint. */
  rendered?: () => void;
}

/** What navigation needs of the App: its current state, read at the time, and its setters. */
export interface NavigationHost {
  boot: BootData;
  /** What the layout shows between navbar and footer. */
  view: View;
  setView: Dispatch<SetStateAction<View>>;
  /** Keeps the sidebar categories the reader opened or closed in the server's markup (by label path). */
  keepExpanded: (expanded: Record<string, boolean>) => void;
  /** The route a link leads to, when it may be a page of this site. */
  pageRoute: (url: URL) => string | undefined;
  /** The doc page's controls, to set up a page once it is on screen (the first load's code). */
  pageWidgets: {
    showSavedTabChoices: () => Promise<void>;
    scrollToTarget: (hash: string) => void;
    markActiveHeading: () => void;
  };
}
