// Runs before the first paint so a dark-theme visitor never sees a white flash. It is a file,
// not an inline script, because the server's Content-Security-Policy forbids inline scripts.
// Keep in step with client/lib/theme.ts (key "theme": light | dark | system).
(function () {
  var dark = false;
  try {
    var theme = localStorage.getItem('theme');
    dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {
    dark = false;
  }
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
