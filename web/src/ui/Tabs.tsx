import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx.js';
import { nextTabIndex } from './roving.js';
import './ui.css';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
}

export interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  active: Id;
  onSelect: (id: Id) => void;
  /** The tab list's accessible name, e.g. 'Dashboard sections'. */
  label: string;
  /** Prefix of the tab and panel ids: `${idPrefix}tab-${id}`, `${idPrefix}panel-${id}`. */
  idPrefix?: string;
  className?: string;
  /** The active tab's panel. */
  children: ReactNode;
}

/**
 * A tab list with one panel (WAI-ARIA tabs): only the active tab is in the Tab order,
 * arrows wrap, Home/End jump to the ends, and moving selects (automatic activation).
 */
export function Tabs<Id extends string>({ tabs, active, onSelect, label, idPrefix = '', className, children }: TabsProps<Id>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === active),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextTabIndex(event.key, activeIndex, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].id);
    refs.current[next]?.focus();
  };

  const tabId = (id: string) => `${idPrefix}tab-${id}`;
  const panelId = (id: string) => `${idPrefix}panel-${id}`;
  const current = tabs[activeIndex]?.id ?? active;

  return (
    <div className={cx('ui-tabs', className)}>
      <div className="ui-tablist" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === current}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === current ? 0 : -1}
            className={cx('ui-tab', tab.id === current && 'is-active')}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section className="ui-card ui-tabpanel" role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)} tabIndex={0}>
        {children}
      </section>
    </div>
  );
}
