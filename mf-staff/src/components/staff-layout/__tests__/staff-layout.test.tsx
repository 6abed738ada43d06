import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';

let site: ReturnType<typeof createStaffSite>;

afterEach(() => resetRoot(site.root));

describe('the back office frame on a phone', () => {
  it('folds the sections under a button that opens them and closes again once one is chosen', async () => {
    site = createStaffSite({ 'GET /reviews': [], 'GET /sessions': [] }, { me: staffMe(['reviewer']) });
    renderStaff(site, '/staff');
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    const button = screen.getByRole('button', { name: 'Sections' });
    // The stylesheet shows the button and hides the folded list below 720 px only; the state is the same.
    expect(button).toHaveAttribute('aria-controls', nav.id);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(nav.className).not.toMatch(/navOpen/);

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(nav.className).toMatch(/navOpen/);

    await userEvent.click(within(nav).getByRole('link', { name: 'Your account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/staff/account');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(nav.className).not.toMatch(/navOpen/);
  });
});

describe('the back office’s languages', () => {
  it('switches a site opened in another language to English, so no page mixes languages or directions', async () => {
    site = createStaffSite({ 'GET /reviews': [] }, { me: staffMe(['reviewer']), language: 'ar' });
    expect(site.root.settings.language).toBe('ar');
    renderStaff(site, '/staff');
    await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(site.root.settings.language).toBe('en');
    expect(site.root.settings.dir).toBe('ltr');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps Simplified Chinese, one of its own', async () => {
    site = createStaffSite({ 'GET /reviews': [] }, { me: staffMe(['reviewer']), language: 'zh-CN' });
    renderStaff(site, '/staff');
    await screen.findByRole('navigation', { name: '后台栏目' });
    expect(site.root.settings.language).toBe('zh-CN');
  });
});
