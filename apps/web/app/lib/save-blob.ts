/** Saves a file fetched into the browser's memory under `filename`, as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers read the blob after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
