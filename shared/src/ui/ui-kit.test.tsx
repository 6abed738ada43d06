import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createI18n } from '../i18n/create-i18n';
import { createRootStore, setRootStore } from '../store/root-store';
import { Button } from './button';
import { CopyButton, Reference, shortenReference } from './copy-button';
import { DemoBadge, SimulatedBadge } from './badges';
import { EmptyState } from './empty-state';
import { ImagePicker } from './image-picker';
import type { PreparedImage } from './image-picker/prepare-image';
import { List } from './list';
import { Modal } from './modal';
import { Skeleton } from './skeleton';
import { Tabs } from './tabs';
import { TextField } from './text-field';
import { ToastRegion, toaster } from './toast';

beforeAll(() => {
  createI18n('en');
});

afterEach(() => {
  act(() => toaster.items.slice().forEach((item) => toaster.dismiss(item.id)));
});

function ModalHarness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open order</button>
      <Modal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Confirm order"
        footer={<Button>Confirm</Button>}
      >
        <input aria-label="Lots" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('moves focus in, traps Tab, closes on Esc and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<ModalHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open order' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Confirm order' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Lots')).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.tab(); // wraps to the first focusable (the close button)
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true }); // and back around to the last
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from the close button', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open order' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function TabsHarness() {
  const [value, setValue] = useState<'spot' | 'margin' | 'options'>('spot');
  return (
    <Tabs
      label="Trading"
      value={value}
      onChange={setValue}
      tabs={[
        { value: 'spot', label: 'Spot' },
        { value: 'margin', label: 'Margin' },
        { value: 'options', label: 'Options' },
      ]}
    >
      <p>{value} panel</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('has tab roles and moves with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    expect(screen.getByRole('tablist', { name: 'Trading' })).toBeInTheDocument();
    const spot = screen.getByRole('tab', { name: 'Spot' });
    expect(spot).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Margin' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('spot panel');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', spot.id);

    await user.click(spot);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Margin' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Margin' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('margin panel');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Options' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Spot' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Options' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Spot' })).toHaveAttribute('aria-selected', 'true');
  });

  it('flips the arrow keys in right-to-left pages', async () => {
    const user = userEvent.setup();
    render(
      <div dir="rtl">
        <TabsHarness />
      </div>,
    );
    await user.click(screen.getByRole('tab', { name: 'Spot' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Margin' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('TextField', () => {
  it('labels the input and ties the validation message to it', () => {
    const { rerender } = render(<TextField label="E-mail" hint="We send the code here" required />);
    const input = screen.getByLabelText(/E-mail/);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We send the code here');
    rerender(
      <TextField label="E-mail" hint="We send the code here" required error="E-mail format incorrect" />,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('E-mail format incorrect We send the code here');
    expect(screen.getByRole('alert')).toHaveTextContent('E-mail format incorrect');
  });
});

describe('Button', () => {
  it('ignores clicks while loading and says it is busy', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Buy
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buy' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('CopyButton and toasts', () => {
  it('copies and announces success', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    render(
      <>
        <CopyButton text="TXyz123" />
        <ToastRegion />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('TXyz123');
    await expect(navigator.clipboard.readText()).resolves.toBe('TXyz123');
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
  });

  it('announces a failure assertively', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    render(
      <>
        <CopyButton text="x">Copy address</CopyButton>
        <ToastRegion />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Copy failed'));
  });
});

describe('Reference', () => {
  const hash = 'a3f1c9e07b2d4c58e6f1a9b3c7d2e4f60a1b2c3d4e5f60718293a4b5c6d7e8f9';

  it('shortens a long value to its start and end, says it whole, and copies it whole', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    render(<Reference value={hash} label="payout reference" display="short" />);
    const reference = screen.getByTestId('reference');
    expect(reference).toHaveTextContent('a3f1c9e0…c6d7e8f9');
    expect(reference.querySelector('[aria-hidden="true"]')).toHaveTextContent('a3f1c9e0…c6d7e8f9');
    expect(reference.querySelector('code')).toHaveAttribute('title', hash);
    expect(reference).toHaveTextContent(hash);
    await user.click(screen.getByRole('button', { name: 'Copy payout reference' }));
    expect(writeText).toHaveBeenCalledWith(hash);
  });

  it('shows every character of a value to wrap, and a short value as it is', () => {
    render(
      <>
        <Reference value={hash} label="address" />
        <Reference value="TX-42" label="id" display="short" />
      </>,
    );
    const [long, short] = screen.getAllByTestId('reference');
    expect(long?.querySelector('code')).toHaveTextContent(hash);
    expect(short?.querySelector('code')).toHaveTextContent('TX-42');
    expect(shortenReference('TX-42')).toBe('TX-42');
  });
});

describe('ImagePicker', () => {
  it('refuses a file that is not JPG, JPEG 2000 or PNG, with a localised message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = jest.fn();
    render(<ImagePicker label="Proof image" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Proof image');
    await user.upload(input, new File(['GIF89a....'], 'proof.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Image format incorrect: JPG, JPEG 2000 or PNG only',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('hands a small PNG to the form as it is', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn<void, [PreparedImage | null]>();
    render(<ImagePicker label="Front of ID" value={null} onChange={onChange} />);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], 'id.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText('Front of ID'), png);
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ file: png, format: 'png', reencoded: false }),
    );
  });

  it('stays busy while an upload runs, shows its refusal, and offers the phone camera', async () => {
    const user = userEvent.setup();
    let refuse: (reason: Error) => void = () => {};
    const onChange = jest.fn(
      () =>
        new Promise<void>((_resolve, reject) => {
          refuse = reject;
        }),
    );
    render(<ImagePicker label="Selfie" value={null} onChange={onChange} camera="user" mobile />);
    const input = screen.getByLabelText('Selfie');
    expect(input).toHaveAttribute('capture', 'user');
    expect(input).toHaveAccessibleDescription('Opens the camera. JPG, PNG or JPEG 2000.');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], 'me.png', {
      type: 'image/png',
    });
    await user.upload(input, png);
    await waitFor(() => expect(screen.getByText('Uploading…')).toBeInTheDocument());
    expect(input).toBeDisabled();
    await act(async () => refuse(new Error('Upload failed, please retry')));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it('shows an image stored earlier, and removes it', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<ImagePicker label="Back of ID" value={null} uploaded onChange={onChange} mobile={false} />);
    expect(screen.getByText('Photo uploaded')).toBeInTheDocument();
    expect(screen.getByText('Change image')).toBeInTheDocument();
    expect(screen.getByLabelText('Back of ID')).not.toHaveAttribute('capture');
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe('small pieces', () => {
  it('renders lists, empty states and skeletons accessibly', () => {
    const { rerender } = render(
      <List
        label="Positions"
        items={['a', 'b']}
        getKey={(item) => item}
        renderItem={(item) => item}
        empty={<EmptyState />}
      />,
    );
    expect(screen.getByRole('list', { name: 'Positions' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    rerender(
      <List items={[]} getKey={(item: string) => item} renderItem={(item) => item} empty={<EmptyState />} />,
    );
    expect(screen.getByText('No data')).toBeInTheDocument();
    rerender(<Skeleton lines={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows the DEMO and simulated badges from the root store', () => {
    const store = createRootStore({
      storage: window.localStorage,
      sessionStorage: window.sessionStorage,
      language: 'en',
    });
    render(
      <>
        <DemoBadge />
        <SimulatedBadge />
      </>,
    );
    expect(screen.queryByText('DEMO')).not.toBeInTheDocument();
    act(() => {
      void store.settings.setAccountMode('demo');
      store.market.setFeed({ feed: 'simulated', simulated: true });
    });
    expect(screen.getByText('DEMO')).toBeInTheDocument();
    expect(screen.getByText('Simulated market data')).toBeInTheDocument();
    store.dispose();
    setRootStore(null);
    window.localStorage.clear();
  });
});
