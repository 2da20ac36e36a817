import { useState } from 'react';
import { useSite } from '../context.ts';
import { dismissAnnouncement } from '../preferences.ts';
import { Icon } from './Icons.tsx';

/** Rendered by the server only while not dismissed (cookie), so a dismissed bar never flashes. */
export function AnnouncementBar({ dismissed }: { dismissed: boolean }) {
  const { site } = useSite();
  const bar = site.announcementBar;
  const [closed, setClosed] = useState(dismissed);
  if (!bar || closed) return null;
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {/* Trusted HTML from the site configuration, as in Docusaurus. */}
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button
          type="button"
          className="announcement-bar-close"
          aria-label="Close"
          onClick={() => {
            dismissAnnouncement(bar.id);
            setClosed(true);
          }}
        >
          <Icon name="close" small />
        </button>
      ) : null}
    </div>
  );
}
