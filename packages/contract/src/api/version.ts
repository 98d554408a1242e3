/** The REST contract's version, shown in /openapi.json; bump the minor for additions, the major for breaks. */
export const API_VERSION = '1.1.0';
