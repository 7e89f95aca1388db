/** Saving a file the app fetched: its own module, so the public directory app does not load sign-in code. */

/** Hands `file` to the browser as a download named `fileName` (an object URL on a temporary link). */
export function saveBlob(file: Blob, fileName: string): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later it has its copy.
  setTimeout(() => {
    URL.revokeObjectURL(href);
  }, 60_000);
}
