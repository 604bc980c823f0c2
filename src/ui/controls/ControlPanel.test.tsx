import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShardScopeProvider, createShardScopeStore, defaultSimParams } from '../../state';
import { ControlPanel } from './ControlPanel';

function setup() {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 6 } });
  render(
    <ShardScopeProvider store={store}>
      <ControlPanel />
    </ShardScopeProvider>,
  );
  return store;
}

describe('ControlPanel validation', () => {
  it('labels every control', () => {
    setup();
    expect(screen.getByLabelText('Objects (pods)')).toBeInTheDocument();
    expect(screen.getByLabelText('Replicas')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /ShardedListAndWatch on apiserver-0/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'kube-state-metrics (jump hash)' })).toBeInTheDocument();
  });

  it('an out-of-range number says what is wrong next to the control and is not applied', async () => {
    const user = userEvent.setup();
    const store = setup();
    const box = screen.getByTestId('field-objects');
    await user.clear(box);
    await user.type(box, '2000000{Enter}');
    expect(screen.getByTestId('field-error-objects')).toHaveTextContent('Must be between 1 and 1,000,000.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(/Must be between 1 and 1,000,000/);
    expect(store.getState().params.objects).toBe(300);
  });

  it('an empty box asks for a value and keeps the last good one', async () => {
    const user = userEvent.setup();
    const store = setup();
    const box = screen.getByTestId('field-replicas');
    await user.clear(box);
    await user.tab();
    expect(screen.getByTestId('field-error-replicas')).toHaveTextContent('Enter a value.');
    expect(store.getState().params.replicas).toBe(4);
  });

  it('text and fractions are refused with their own message', async () => {
    const user = userEvent.setup();
    setup();
    const replicas = screen.getByTestId('field-replicas');
    await user.clear(replicas);
    await user.type(replicas, '2.5');
    expect(screen.getByTestId('field-error-replicas')).toHaveTextContent('Enter a whole number.');
    const ns = screen.getByTestId('field-namespaces');
    await user.clear(ns);
    await user.type(ns, 'many');
    expect(screen.getByTestId('field-error-namespaces')).toHaveTextContent('Enter a number, e.g. 100000 or 100k.');
  });

  it('a valid number is applied on Enter and the error goes away', async () => {
    const user = userEvent.setup();
    const store = setup();
    const box = screen.getByTestId('field-replicas');
    await user.clear(box);
    await user.type(box, '99');
    expect(screen.getByTestId('field-error-replicas')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '3{Enter}');
    expect(screen.queryByTestId('field-error-replicas')).toBeNull();
    expect(store.getState().params.replicas).toBe(3);
    expect(store.getState().params.selectors).toHaveLength(3);
  });

  it('accepts 100k for the object count', async () => {
    const user = userEvent.setup();
    const store = setup();
    const box = screen.getByTestId('field-objects');
    await user.clear(box);
    await user.type(box, '100k{Enter}');
    expect(store.getState().params.objects).toBe(100_000);
    expect(box).toHaveValue('100,000');
  });

  it('Escape abandons a draft and shows the running value again', async () => {
    const user = userEvent.setup();
    setup();
    const box = screen.getByTestId('field-objects');
    await user.clear(box);
    await user.type(box, 'abc{Escape}');
    expect(box).toHaveValue('300');
    expect(screen.queryByTestId('field-error-objects')).toBeNull();
  });

  it('the stepper buttons change the replica count within 1-64', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByRole('button', { name: 'Replicas +1' }));
    expect(store.getState().params.replicas).toBe(5);
    act(() => store.getState().setReplicas(64));
    expect(screen.getByRole('button', { name: 'Replicas +1' })).toBeDisabled();
  });

  it('gate switches and the client mode write to the store', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByRole('switch', { name: /ShardedListAndWatch on apiserver-0/ }));
    expect(store.getState().params.apiServers[0]!.gate).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'kube-state-metrics (jump hash)' }));
    expect(store.getState().params.clientMode).toBe('jump');
    expect(store.getState().params.client).toBe('client-go');
    await user.click(screen.getByRole('radio', { name: 'client-go + local check' }));
    expect(store.getState().params.client).toBe('checked');
    expect(screen.getByTestId('client-help')).toHaveTextContent('client-go plus the controller’s own check');
  });
});

describe('NumberField idle commit', () => {
  it('applies a valid value after a pause in typing, without Enter', async () => {
    const user = userEvent.setup();
    const store = setup();
    const box = screen.getByTestId('field-replicas');
    await user.clear(box);
    await user.type(box, '6');
    expect(store.getState().params.replicas).toBe(4);
    await new Promise((r) => setTimeout(r, 900));
    expect(store.getState().params.replicas).toBe(6);
  });
});

describe('NumberField reads numbers by the locale and says what it understood', () => {
  async function typeInto(name: string, text: string) {
    const user = userEvent.setup();
    const box = screen.getByTestId(`field-${name}`);
    await user.clear(box);
    await user.type(box, `${text}{Enter}`);
    return screen.queryByTestId(`field-error-${name}`);
  }

  it('refuses 0,5 in a rate field, says it would read as 5 and how to write one half', async () => {
    const store = setup();
    const error = await typeInto('addedPerSec', '0,5');
    expect(error).toHaveTextContent('“0,5” is unclear: with “,” between groups of digits it reads as 5. Type 5 for that, or 0.5 for a fraction.');
    expect(store.getState().params.addedPerSec).toBe(defaultSimParams().addedPerSec);
  });

  it('refuses 1,5 in a count and says it would read as 15', async () => {
    const store = setup();
    const error = await typeInto('replicas', '1,5');
    expect(error).toHaveTextContent('“1,5” is unclear: with “,” between groups of digits it reads as 15. Type 15 for that, or 1.5 for a fraction.');
    expect(store.getState().params.replicas).toBe(4);
  });

  it('refuses misplaced grouping with no decimal reading', async () => {
    setup();
    const error = await typeInto('objects', '1,50,000');
    expect(error).toHaveTextContent('“1,50,000” is unclear: digits are grouped in threes here, so it reads as 150,000. Type 150,000 if you meant that.');
  });

  it('says 1e300 and Infinity are out of range, with bounds grouped like other numbers', async () => {
    setup();
    expect(await typeInto('objects', '1e300')).toHaveTextContent('Must be between 1 and 1,000,000.');
    expect(await typeInto('addedPerSec', 'Infinity')).toHaveTextContent('Must be between 0 and 1,000,000.');
  });

  it('shows a rate with grouped digits and reads it back', async () => {
    const store = setup();
    expect(await typeInto('addedPerSec', '250000')).toBeNull();
    expect(store.getState().params.addedPerSec).toBe(250_000);
    expect(screen.getByTestId('field-addedPerSec')).toHaveValue('250,000');
  });

  it('refuses 1e-10 in a count instead of reading 0', async () => {
    const store = setup();
    expect(await typeInto('namespaces', '1e-10')).toHaveTextContent('Enter a whole number.');
    expect(store.getState().params.namespaces).toBe(6);
  });
});
