import { notifications } from '@mantine/notifications';

/** Writes text to the clipboard (falling back to a hidden textarea) and says so. */
export async function copyToClipboard(text: string, what: string): Promise<boolean> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
  }
  notifications.show(
    ok
      ? { message: `Copied ${what}`, autoClose: 1500 }
      : { color: 'red', message: `Could not copy ${what}: the browser refused` },
  );
  return ok;
}
