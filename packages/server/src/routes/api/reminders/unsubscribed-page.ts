/** The page the unsubscribe link answers: plain HTML, no script, no outside resource. */
export function unsubscribedPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>E-mail reminders are off · SpellWell</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}</style>
</head>
<body>
<h1>E-mail reminders are off</h1>
<p>SpellWell will not e-mail you reminders any more. Push notifications on your devices, if you turned them on, are unchanged.</p>
<p>To turn e-mail back on, open SpellWell and go to Reminders.</p>
<p><a href="/">Open SpellWell</a></p>
</body>
</html>
`;
}
