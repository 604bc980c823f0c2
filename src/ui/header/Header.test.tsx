import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShardScopeProvider, createShardScopeStore, defaultSimParams } from '../../state';
import { Header } from './Header';

describe('Header seed field', () => {
  function setup() {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 6, seed: 7 } });
    render(
      <ShardScopeProvider store={store}>
        <Header />
      </ShardScopeProvider>,
    );
    return store;
  }

  it('refuses 1e-10 as a seed instead of silently running seed 0', async () => {
    const user = userEvent.setup();
    const store = setup();
    const box = screen.getByTestId('field-seed');
    await user.clear(box);
    await user.type(box, '1e-10{Enter}');
    expect(screen.getByTestId('field-error-seed')).toHaveTextContent('Enter a whole number.');
    expect(store.getState().params.seed).toBe(7);
  });

  it('names the seed bounds with grouped digits while the seed itself shows plain', async () => {
    const user = userEvent.setup();
    setup();
    const box = screen.getByTestId('field-seed');
    expect(box).toHaveValue('7');
    await user.clear(box);
    await user.type(box, '1e300{Enter}');
    expect(screen.getByTestId('field-error-seed')).toHaveTextContent('Must be between 0 and 4,294,967,295.');
  });
});
