window.onload = function() {
  //<editor-fold desc="Changeable Configuration Block">

  // The package's own block, as a deployer changes it: `url` (the package's is
  // https://petstore.swagger.io/v2/swagger.json, out of reach offline) names the OpenAPI 3.0
  // Petstore document that @readme/oas-examples ships, served by the bench (SOURCE.md).
  window.ui = SwaggerUIBundle({
    url: "/specs/3.0/json/petstore.json",
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [
      SwaggerUIBundle.presets.apis,
      SwaggerUIStandalonePreset
    ],
    plugins: [
      SwaggerUIBundle.plugins.DownloadUrl
    ],
    layout: "StandaloneLayout"
  });

  //</editor-fold>
};
