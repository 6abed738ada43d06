import { saveFile } from '.';

describe('saveFile', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('downloads the blob under its name through a temporary link, releasing the URL later', () => {
    jest.useFakeTimers();
    URL.createObjectURL = jest.fn(() => 'blob:records');
    URL.revokeObjectURL = jest.fn();
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
    const blob = new Blob(['a,b\n'], { type: 'text/csv' });

    saveFile(blob, 'swx-records-real.csv');

    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:records', download: 'swx-records-real.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:records');
  });

  it('does nothing where the page cannot make object URLs', () => {
    // @ts-expect-error: a DOM without object URLs (jsdom by default)
    URL.createObjectURL = undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    saveFile(new Blob(['x']), 'x.txt');
    expect(click).not.toHaveBeenCalled();
  });
});
