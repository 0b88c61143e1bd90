/**
 * The interactive API reference page (Swagger UI, served from the swagger-ui-dist package; nothing
 * is loaded from the internet). URLs are relative, so the page works under any mount prefix.
 */
export const docsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>privnet admin API</title>
    <link rel="stylesheet" href="docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="docs/assets/swagger-ui-bundle.js"></script>
    <script src="docs/init.js"></script>
  </body>
</html>
`;

export const docsInitScript = `window.ui = SwaggerUIBundle({
  url: "openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  persistAuthorization: true,
});
`;
