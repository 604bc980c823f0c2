import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectorEditor } from './SelectorEditor';

/** The editor with its own state, as a card uses it. */
function Harness({ initial, Editor = SelectorEditor }: { initial: string; Editor?: typeof SelectorEditor }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <Editor value={text} onChange={setText} label="Shard selector of replica-0" />
      <output data-testid="value">{text}</output>
    </>
  );
}

const VALID = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";

describe('SelectorEditor', () => {
  it('accepts a valid selector and says so, with no error', () => {
    render(<Harness initial={VALID} />);
    expect(screen.getByTestId('selector-valid')).toBeInTheDocument();
    expect(screen.queryByTestId('selector-error')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Shard selector of replica-0' })).not.toHaveAttribute('aria-invalid');
  });

  it("shows the apiserver's exact message for a short hex literal", () => {
    render(<Harness initial="shardRange(object.metadata.uid, '0x0', '0x8000000000000000')" />);
    expect(screen.getByTestId('selector-error')).toHaveTextContent(
      'hexStart must be a 0x-prefixed 16-digit hex value, got "0x0" (did you mean "0x0000000000000000"?)',
      { normalizeWhitespace: false },
    );
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  });

  it('underlines exactly the offending literal', () => {
    render(<Harness initial="shardRange(object.metadata.uid, '0x0', '0x8000000000000000')" />);
    expect(screen.getByTestId('selector-error-span').textContent).toBe("'0x0'");
  });

  it('underlines the unsupported operator of an && expression', () => {
    render(<Harness initial={`${VALID} && ${VALID}`} />);
    expect(screen.getByTestId('selector-error')).toHaveTextContent('unsupported function "_&&_"; only shardRange() and || are allowed');
    expect(screen.getByTestId('selector-error-span').textContent).toBe('&&');
  });

  it('underlines an unsupported field path', () => {
    render(<Harness initial="shardRange(object.metadata.name, '0x0000000000000000', '0x8000000000000000')" />);
    expect(screen.getByTestId('selector-error')).toHaveTextContent(
      'unsupported field path "object.metadata.name"; supported: object.metadata.uid, object.metadata.namespace',
    );
    expect(screen.getByTestId('selector-error-span').textContent).toBe('object.metadata.name');
  });

  it('lays a long text out once: the text box alone shows it, with no copy under it, whatever its lines', () => {
    for (const lines of [5_000, 20_000, 99_000]) {
      const text = VALID + '\n'.repeat(lines);
      const { container, unmount } = render(<Harness initial={text} />);
      // What layout has to place: the characters in the editor's box (its text box and any copy).
      const box = container.querySelector('.selector-editor__box')!;
      const laidOut = (box.querySelector('textarea')!.value.length) + [...box.querySelectorAll('pre')].reduce((n, p) => n + (p.textContent?.length ?? 0), 0);
      expect(laidOut).toBe(text.length);
      expect(screen.getByRole('textbox')).toHaveValue(text);
      expect(screen.getByTestId('selector-valid')).toBeInTheDocument();
      unmount();
    }
  });

  it('the highlighted layer reproduces the text character for character', () => {
    const text = `shardRange(object.metadata.uid, r"0x80", '0x10000000000000000') // tail\n|| x`;
    const { container } = render(<Harness initial={text} />);
    const layer = container.querySelector('.selector-editor__highlight')!;
    expect(layer.textContent).toBe(text + '\u200b');
  });

  it('the quick fix applies the "did you mean" padding and clears the error', async () => {
    const user = userEvent.setup();
    render(<Harness initial="shardRange(object.metadata.uid, '0x0', '0x8000000000000000')" />);
    const fix = screen.getByTestId('selector-quickfix');
    expect(fix).toHaveTextContent('0x0000000000000000');
    await user.click(fix);
    expect(screen.getByTestId('value').textContent).toBe(VALID);
    expect(screen.queryByTestId('selector-error')).toBeNull();
    expect(screen.getByTestId('selector-valid')).toBeInTheDocument();
  });

  it('the quick fix keeps a raw double-quoted literal raw and double-quoted', async () => {
    const user = userEvent.setup();
    render(<Harness initial={`shardRange(object.metadata.uid, r"0x80", '0x10000000000000000')`} />);
    await user.click(screen.getByTestId('selector-quickfix'));
    expect(screen.getByTestId('value').textContent).toBe(`shardRange(object.metadata.uid, r"0x0000000000000080", '0x10000000000000000')`);
  });

  it('offers no quick fix when the apiserver has no suggestion', () => {
    render(<Harness initial="shardRange(object.metadata.uid, '0x0000000000000000', '0X8000000000000000')" />);
    expect(screen.getByTestId('selector-error')).toHaveTextContent(`hexEnd must have '0x' prefix, got "0X8000000000000000"`);
    expect(screen.queryByTestId('selector-quickfix')).toBeNull();
  });

  // An editor from fresh modules, where the model that words a syntax error as cel-go does is
  // not loaded yet.
  it("says cel-go's message is loading, with the plain reading, then shows it by itself", async () => {
    vi.resetModules();
    const fresh = await import('./SelectorEditor');
    render(<Harness initial={`shardRange(object.metadata.uid, '0x0000000000000000' '0x8000000000000000')`} Editor={fresh.SelectorEditor} />);
    expect(screen.getByTestId('selector-error-pending')).toHaveTextContent("A syntax error; the apiserver parser’s exact message is loading… (line 1, column 54)");
    expect(screen.getByTestId('selector-error-hint')).toHaveTextContent("Hint: unexpected string '0x8000000000000000' at 1:54, expected ',' or ')'");
    expect(screen.queryByTestId('selector-error')).toBeNull();
    // Loading the chunk (compiling it, in a test) takes a while on a busy machine.
    expect(await screen.findByTestId('selector-error', {}, { timeout: 20_000 })).toHaveTextContent("CEL parse error: Syntax error: extraneous input ''0x8000000000000000'' expecting ')'");
    expect(screen.queryByTestId('selector-error-pending')).toBeNull();
  });

  it('typing a bad character shows the error as you type, fixing it clears it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={VALID} />);
    const box = screen.getByRole('textbox');
    await user.type(box, ' &&');
    expect((await screen.findByTestId('selector-error')).textContent).toMatch(/^CEL parse error: /);
    await user.type(box, '{Backspace}{Backspace}{Backspace}');
    expect(screen.getByTestId('selector-valid')).toBeInTheDocument();
  });

  it("shows cel-go's syntax error word for word, underlines where cel-go points, and keeps the plain reading as a hint", async () => {
    render(<Harness initial={`shardRange(object.metadata.uid, '0x0000000000000000' '0x8000000000000000')`} />);
    expect((await screen.findByTestId('selector-error')).textContent).toBe(
      "CEL parse error: Syntax error: extraneous input ''0x8000000000000000'' expecting ')'",
    );
    expect(screen.getByTestId('selector-error-span').textContent).toBe("'0x8000000000000000'");
    expect(screen.getByTestId('selector-error-hint')).toHaveTextContent("Hint: unexpected string '0x8000000000000000' at 1:54, expected ',' or ')'");
  });

  it('points at the opening quote of a string with a bad escape, as cel-go does', async () => {
    render(<Harness initial={String.raw`shardRange(object.metadata.uid, '\z', '0x10000000000000000')`} />);
    expect((await screen.findByTestId('selector-error')).textContent).toBe(String.raw`CEL parse error: Syntax error: token recognition error at: ''\z'`);
    expect(screen.getByTestId('selector-error-span').textContent!.startsWith("'")).toBe(true);
  });

  it('shows no hint for errors that are not syntax errors', () => {
    render(<Harness initial="shardRange(object.metadata.uid, '0x0', '0x8000000000000000')" />);
    expect(screen.queryByTestId('selector-error-hint')).toBeNull();
  });

  it('explains that an empty selector sends no parameter (not an error)', () => {
    render(<Harness initial="" />);
    expect(screen.getByTestId('selector-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('selector-error')).toBeNull();
  });

  it('whitespace only is the apiserver\'s "empty shard selector" error', () => {
    render(<Harness initial="   " />);
    expect(screen.getByTestId('selector-error')).toHaveTextContent(
      'empty shard selector is not allowed; omit the parameter for unfiltered lists',
    );
  });
});
