import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.js';
import './ui.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render; a card is a plain box unless it is a section, an article or a list item. */
  as?: 'div' | 'section' | 'article' | 'li';
  children?: ReactNode;
}

/**
 * The bordered surface used across the site (border, radius, surface colour, small shadow,
 * 2rem padding). Its styles have zero specificity, so a page's own class refines them.
 */
export function Card({ as: Tag = 'div', className, children, ...rest }: CardProps) {
  return (
    <Tag className={cx('ui-card', className)} {...rest}>
      {children}
    </Tag>
  );
}
