/**
 * Saves a file the API answered (a CSV of records, a contract PDF, a data download) under `name`, through a
 * temporary link the browser downloads. The object URL is released after a delay, not at once: some browsers
 * start reading it only after the click has returned. Without object URLs (a test DOM) it does nothing.
 */
export function saveFile(blob: Blob, name: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
