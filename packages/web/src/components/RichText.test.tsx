import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RichText } from './RichText.tsx';

afterEach(cleanup);

describe('RichText', () => {
  it('shows the formatting and nothing that runs, loads or links to script', () => {
    render(
      <RichText
        data-testid="text"
        text={
          '<h2>Start</h2><p>Go <strong>now</strong> <em>fast</em></p><ul><li>one</li></ul>' +
          '<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">' +
          '<p onclick="window.hacked = 3" style="color:red">tap</p>' +
          '<a href="javascript:window.hacked = 4">bad</a><a href="https://rada.ee">good</a>' +
          '<iframe src="https://evil.example"></iframe><span>kept text</span>'
        }
      />,
    );
    const box = screen.getByTestId('text');
    expect(box.querySelector('h2')?.textContent).toBe('Start');
    expect(box.querySelector('strong')?.textContent).toBe('now');
    expect(box.querySelectorAll('li')).toHaveLength(1);
    expect(box.querySelector('script, img, iframe, [onclick], [style], [onerror]')).toBeNull();
    expect(box.innerHTML).not.toContain('hacked');
    const [bad, good] = [...box.querySelectorAll('a')];
    expect(bad?.hasAttribute('href')).toBe(false);
    expect(good?.getAttribute('href')).toBe('https://rada.ee');
    expect(good?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(box.textContent).toContain('kept text');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows a plain text as written, markup-like characters included', () => {
    render(<RichText data-testid="text" text={'Line 1 & <3\nLine 2'} />);
    const box = screen.getByTestId('text');
    expect(box.textContent).toBe('Line 1 & <3\nLine 2');
    expect(box.children).toHaveLength(0);
  });
});
