// Placeholder until H2 adds the site configuration API (H2 owns engine/src/site).
export {};
