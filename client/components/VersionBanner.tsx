// Above a page of a version other than the last: unreleased documentation (newer) or documentation
// no longer maintained (older), with a link to the same page in the last version. Following the
// link makes that version the preferred one (App's link handler reads data-preferred-version).

import { useSite } from '../context.ts';
import type { PageData } from '../contract/page.ts';
import { findVersion, latestVersion, versionHref } from '../contract/versions.ts';
import { pageHref } from '../contract/urls.ts';

export function VersionBanner({ page }: { page: PageData }) {
  const { site } = useSite();
  const version = findVersion(site, page.version);
  const latest = latestVersion(site);
  if (!version || version.banner === 'none' || !latest) return null;
  const about =
    version.banner === 'unreleased' ? (
      <>
        This is unreleased documentation for {site.title} <b>{version.label}</b> version.
      </>
    ) : (
      <>
        This is documentation for {site.title} <b>{version.label}</b>, which is no longer actively maintained.
      </>
    );
  return (
    <div className={`version-banner version-banner-${version.banner}`} role="note">
      <p>{about}</p>
      <p>
        For up-to-date documentation, see the{' '}
        <a href={pageHref(versionHref(latest, page), site.trailingSlash)} data-preferred-version={latest.name}>
          <b>latest version</b>
        </a>{' '}
        ({latest.label}).
      </p>
    </div>
  );
}
