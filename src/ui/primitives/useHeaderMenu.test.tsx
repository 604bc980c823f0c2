import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useHeaderMenu } from './useHeaderMenu';

function Menu() {
  const { open, setOpen, button, box, panelId, onKeyDown } = useHeaderMenu();
  return (
    <div ref={box} onKeyDown={onKeyDown}>
      <button ref={button} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        menu
      </button>
      {open ? (
        <div id={panelId}>
          <button type="button">item</button>
        </div>
      ) : null}
    </div>
  );
}

describe('a header menu (Stories, Exercises, stage tools)', () => {
  it('opens on its button, closes on Esc with the focus back on the button, and Esc goes no further', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    try {
      render(<Menu />);
      const button = screen.getByRole('button', { name: 'menu' });
      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      screen.getByRole('button', { name: 'item' }).focus();
      await user.keyboard('{Escape}');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(button);
      // The page's own Esc (leave a story, leave presentation mode) did not see it.
      expect(outer).not.toHaveBeenCalled();
      // Closed, Esc is the page's again.
      await user.keyboard('{Escape}');
      expect(outer).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener('keydown', outer);
    }
  });

  it('closes on a pointer down outside it, not inside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Menu />
        <p>elsewhere</p>
      </>,
    );
    const button = screen.getByRole('button', { name: 'menu' });
    await user.click(button);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'item' }));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
