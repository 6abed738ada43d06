import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '@swx/shared';
import { createStaffSite, resetRoot } from '../../../test-support';
import { ConfirmDialog } from '../confirm-dialog';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

/** A page with one money button that opens the confirmation, as the screens use it. */
function Harness({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Approve
      </button>
      <button type="button">Elsewhere</button>
      <ConfirmDialog
        open={open}
        title="Approve this deposit?"
        message="250.00 USDT will be credited to ana’s real account now."
        facts={[['Customer', 'ana']]}
        confirmLabel="Approve and credit"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function renderHarness(onConfirm: () => Promise<void>, language: 'en' | 'zh-CN' = 'en') {
  site = createStaffSite({}, { language });
  return render(
    <I18nextProvider i18n={site.root.i18n}>
      <Harness onConfirm={onConfirm} />
    </I18nextProvider>,
  );
}

describe('ConfirmDialog', () => {
  it('is a labelled, described modal dialog that starts on Cancel and keeps Tab inside', async () => {
    renderHarness(jest.fn(async () => undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this deposit?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('250.00 USDT will be credited to ana’s real account now.');
    expect(within(dialog).getByText('ana')).toBeInTheDocument();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Approve and credit' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('changes nothing on Cancel, Esc or a click outside, and gives focus back to the opener', async () => {
    const onConfirm = jest.fn(async () => undefined);
    renderHarness(onConfirm);
    const opener = screen.getByRole('button', { name: 'Approve' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    await userEvent.click(opener);
    await userEvent.keyboard('{Enter}');
    // Enter lands on Cancel, where focus starts: it never confirms by accident.
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('dialog').parentElement!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action on Confirm and closes; a refusal stays in the dialog in the member’s language', async () => {
    const onConfirm = jest
      .fn<Promise<void>, []>()
      .mockRejectedValueOnce(new ApiError('11043', 'already decided', 409))
      .mockResolvedValueOnce(undefined);
    renderHarness(onConfirm, 'zh-CN');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该记录已处理');
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
