// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

afterEach(cleanup);

it('says which step of how many, and names the bar with it', () => {
  render(<ProgressBar current={2} total={5} />);
  expect(screen.getByText('Step 2 of 5')).toBeTruthy();
  const bar = screen.getByRole('progressbar', { name: 'Step 2 of 5' });
  expect(bar.getAttribute('value')).toBe('2');
  expect(bar.getAttribute('max')).toBe('5');
});
