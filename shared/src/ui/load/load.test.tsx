import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createI18n } from '../../i18n/create-i18n';
import { LoadView } from './load-view';
import { useLoad } from './use-load';

beforeAll(() => {
  createI18n('en');
});

const t = (key: string) => `[${key}]`;

function Screen({ load, keep = false }: { load: () => Promise<string>; keep?: boolean }) {
  const state = useLoad(load, []);
  return (
    <LoadView state={state} t={t} keepDataOnError={keep}>
      {(data) => (
        <>
          <p>{data}</p>
          <button onClick={state.reload}>again</button>
        </>
      )}
    </LoadView>
  );
}

describe('LoadView with useLoad', () => {
  it('shows the skeleton, then the data', async () => {
    render(<Screen load={() => Promise.resolve('ready')} />);
    expect(screen.getByLabelText('[load.loading]')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('ready')).toBeInTheDocument();
  });

  it('shows the failure with a retry that loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('second');
    render(<Screen load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('[load.failed]');
    fireEvent.click(screen.getByRole('button', { name: '[load.retry]' }));
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('replaces shown data by the error unless told to keep it', async () => {
    for (const keep of [false, true]) {
      const load = jest.fn().mockResolvedValueOnce('first').mockRejectedValueOnce(new Error('down'));
      const { unmount } = render(<Screen load={load} keep={keep} />);
      await screen.findByText('first');
      act(() => screen.getByRole('button', { name: 'again' }).click());
      await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
      if (keep) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(screen.getByText('first')).toBeInTheDocument();
        expect(screen.queryByRole('alert')).toBeNull();
      } else {
        expect(await screen.findByRole('alert')).toBeInTheDocument();
      }
      unmount();
    }
  });
});
