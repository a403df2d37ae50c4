import type { ComponentType } from 'react';
import { CheckmarkIcon, CrossIcon, MailIcon } from './icons.js';

/** SPEC's marks at the start of a message, and the icon each is drawn as. */
const MARKS: [mark: string, Icon: ComponentType<{ size?: number }>][] = [
  ['❌', CrossIcon],
  ['✅', CheckmarkIcon],
  ['📧', MailIcon],
];

/**
 * A message as SPEC words it, its leading mark (❌ ✅ 📧) drawn as the site's SVG icon: a system
 * without an emoji font showed the marks as empty boxes (issue 24 item 15). The icon is decorative,
 * so the message reads the same without it; a message with no mark is shown as it is.
 */
export function MarkedText({ text }: { text: string }) {
  const found = MARKS.find(([mark]) => text.startsWith(mark));
  if (!found) return <>{text}</>;
  const Icon = found[1];
  return (
    <>
      <span className="marked-text-icon">
        <Icon size={16} />
      </span>
      {unmarked(text)}
    </>
  );
}

/** The words MarkedText shows of a message: without its leading mark. */
export function unmarked(text: string): string {
  const found = MARKS.find(([mark]) => text.startsWith(mark));
  return found ? text.slice(found[0].length).trimStart() : text;
}
