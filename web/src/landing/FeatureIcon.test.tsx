import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { FeatureIcon } from './FeatureIcon.js';

describe('FeatureIcon (issue 24 item 15)', () => {
  it.each([DEFAULT_THEME.aboutSection.feature1.icon, DEFAULT_THEME.aboutSection.feature2.icon, DEFAULT_THEME.aboutSection.feature3.icon, '🦋', '❤️'])(
    'draws %s as SVG, with no emoji text a system without an emoji font would show as a box',
    (icon) => {
      const { container } = render(<FeatureIcon icon={icon} />);
      expect(container.querySelector('svg path')).not.toBeNull();
      expect(container.textContent).toBe('');
    },
  );

  it('draws the three defaults differently', () => {
    const drawn = ['🌱', '🦅', '✨'].map((icon) => render(<FeatureIcon icon={icon} />).container.querySelector('path')?.getAttribute('d'));
    expect(new Set(drawn).size).toBe(3);
  });

  it('shows an icon that is no emoji as typed', () => {
    const { container } = render(<FeatureIcon icon="A" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(container.textContent).toBe('A');
  });
});
