/**
 * Saves what the device made as a file (a calendar, an export) through a Blob and an
 * `<a download>`: no server round trip, so it works offline.
 */
export function downloadFile(contents: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; a moment later the blob can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
