// <Tabs> and <TabItem> as Docusaurus pages write them. They render markup only: every panel, the
// default one shown, so the content reads without JavaScript. The browser's listeners
// (client/tab-widgets.ts) switch tabs and apply the choice from the URL or the reader's stored
// preference (tab-choice.ts), the same for the server's markup, which is never hydrated, and for
// a page client-side navigation rendered. The group and the query key travel as data attributes.

import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

interface TabsProps {
  children?: ReactNode;
  groupId?: string;
  /** `true` keeps the choice in the URL under the group id; a string is the query key. */
  queryString?: boolean | string;
  defaultValue?: string;
  /** Labels of the tabs, Docusaurus's older way of giving them. */
  values?: { value: string; label?: string }[];
  className?: string;
}

export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

export function Tabs({ children, groupId, queryString, defaultValue, values, className }: TabsProps) {
  const items = Children.toArray(children).filter(isValidElement) as ReactElement<TabItemProps>[];
  const selected = defaultValue ?? items.find((item) => item.props.default)?.props.value ?? items[0]?.props.value;
  const prefix = useId();
  // `queryString` as Docusaurus reads it: `true` uses the group id as the key, a string is the key.
  const queryKey = typeof queryString === 'string' && queryString ? queryString : queryString ? groupId : undefined;
  const labelOf = (item: ReactElement<TabItemProps>) =>
    item.props.label ?? values?.find((entry) => entry.value === item.props.value)?.label ?? item.props.value;

  return (
    <div
      className={className ? `tabs-container ${className}` : 'tabs-container'}
      data-group-id={groupId || undefined}
      data-query-key={queryKey || undefined}
    >
      <div role="tablist" className="tabs" aria-orientation="horizontal">
        {items.map((item, index) => (
          <button
            key={item.props.value}
            type="button"
            role="tab"
            id={`${prefix}-${index}`}
            aria-controls={`${prefix}-${index}-panel`}
            aria-selected={item.props.value === selected}
            tabIndex={item.props.value === selected ? 0 : -1}
            className="tabs-item"
            data-value={item.props.value}
          >
            {labelOf(item)}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <div
          key={item.props.value}
          id={`${prefix}-${index}-panel`}
          role="tabpanel"
          aria-labelledby={`${prefix}-${index}`}
          hidden={item.props.value !== selected}
          className="tab-panel"
        >
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
