// <Tabs> and <TabItem> as Docusaurus pages write them. The server renders every panel (the
// default one shown), so the content reads without JavaScript; the browser then applies the
// choice from the URL or the reader's stored preference (tab-choice.ts).

import {
  Children,
  isValidElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { followGroup, saveChoice, savedChoice } from './tab-choice.ts';

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
  const tabValues = items.map((item) => item.props.value);
  const initial = defaultValue ?? items.find((item) => item.props.default)?.props.value ?? tabValues[0];
  const [selected, setSelected] = useState(initial);
  const prefix = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // `queryString` as Docusaurus reads it: `true` uses the group id as the key, a string is the key.
  const queryKey = typeof queryString === 'string' && queryString ? queryString : queryString ? groupId : undefined;
  const valuesKey = tabValues.join('\n');
  // The tab the reader just chose stays where it was on screen while other Tabs of its group,
  // above it, change height (they re-render in the same commit).
  const anchor = useRef<{ element: HTMLElement; top: number }>(undefined);

  useEffect(() => {
    const choices = valuesKey.split('\n');
    const saved = savedChoice({ groupId, queryKey }, choices);
    if (saved) setSelected(saved);
    if (!groupId) return undefined;
    return followGroup(groupId, (value) => {
      if (choices.includes(value)) setSelected(value);
    });
  }, [groupId, queryKey, valuesKey]);

  useLayoutEffect(() => {
    const kept = anchor.current;
    anchor.current = undefined;
    if (kept) window.scrollBy(0, kept.element.getBoundingClientRect().top - kept.top);
  }, [selected]);

  const choose = (index: number) => {
    const position = (index + tabValues.length) % tabValues.length;
    const value = tabValues[position];
    const button = buttons.current[position];
    if (value === undefined || !button) return undefined;
    if (value !== selected) anchor.current = { element: button, top: button.getBoundingClientRect().top };
    setSelected(value);
    saveChoice({ groupId, queryKey }, value);
    return button;
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const targets: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    if (!Object.hasOwn(targets, event.key)) return;
    const target = targets[event.key]!;
    event.preventDefault();
    choose(target)?.focus();
  };
  const labelOf = (item: ReactElement<TabItemProps>) =>
    item.props.label ?? values?.find((entry) => entry.value === item.props.value)?.label ?? item.props.value;

  return (
    <div className={className ? `tabs-container ${className}` : 'tabs-container'}>
      <div role="tablist" className="tabs" aria-orientation="horizontal">
        {items.map((item, index) => (
          <button
            key={item.props.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${prefix}-${index}`}
            aria-controls={`${prefix}-${index}-panel`}
            aria-selected={item.props.value === selected}
            tabIndex={item.props.value === selected ? 0 : -1}
            className="tabs-item"
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
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
