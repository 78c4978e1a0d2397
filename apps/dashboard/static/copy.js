// Copy buttons: <button class="copy" data-copy="input-id">. Loaded from /static (the CSP allows no inline script).
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.copy') : null;
  if (!button) return;
  const input = document.getElementById(button.getAttribute('data-copy') || '');
  if (!input) return;
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    button.textContent = 'Copied';
  } catch {
    // Clipboard API refused (e.g. plain http): the text is selected; Ctrl-C copies it.
    button.textContent = 'Selected: press Ctrl-C';
  }
});
