import { goToDownloadPage, openInNewWindow, safeWebUrl } from './external-pages';

const api = (paramValue: string) => ({ call: jest.fn(async () => ({ paramValue })) as never });

describe('safeWebUrl', () => {
  it('accepts site paths and web addresses only', () => {
    expect(safeWebUrl('/help', 'http://swx.test')).toBe('http://swx.test/help');
    expect(safeWebUrl('https://live.example.com/room', 'http://swx.test')).toBe(
      'https://live.example.com/room',
    );
    expect(safeWebUrl('javascript:alert(1)', 'http://swx.test')).toBeNull();
    expect(safeWebUrl('data:text/html,hi', 'http://swx.test')).toBeNull();
  });
});

describe('download-app', () => {
  it('reads down_url and moves there through the router when it is a page of this site', async () => {
    const client = api('/introduction?from=app');
    const navigate = jest.fn();
    await goToDownloadPage(client, navigate);
    expect((client as unknown as { call: jest.Mock }).call).toHaveBeenCalledWith('params.get', {
      params: { key: 'down_url' },
    });
    expect(navigate).toHaveBeenCalledWith('/introduction?from=app');
  });

  it('answers install, and goes nowhere, when down_url is empty', async () => {
    const navigate = jest.fn();
    await expect(goToDownloadPage(api('  '), navigate)).resolves.toBe('install');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses a value that is not a web address', async () => {
    await expect(goToDownloadPage(api('javascript:alert(1)'), jest.fn())).rejects.toThrow(
      'not a web address',
    );
  });
});

describe('lecturer hall and online support', () => {
  afterEach(() => jest.restoreAllMocks());

  it('opens a window during the click and points it at the parameter page', async () => {
    const opened = { opener: window, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    await openInNewWindow(api('/help'), 'service_url');
    expect(window.open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(opened.opener).toBeNull();
    expect(opened.location.href).toBe('http://localhost/help');
  });

  it('closes the blank window when the address cannot be had', async () => {
    const opened = { opener: window, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const failing = { call: jest.fn(async () => Promise.reject(new Error('offline'))) as never };
    await expect(openInNewWindow(failing, 'live_room_url')).rejects.toThrow('offline');
    expect(opened.close).toHaveBeenCalled();
  });
});
