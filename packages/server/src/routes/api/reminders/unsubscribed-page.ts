/** The page the unsubscribe link answers: plain HTML, no script, no style, no outside resource (any CSP allows it). */
export function unsubscribedPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>E-mail reminders are off · SpellWell</title>
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
