/** The SDK's version, as the modal's analytics report it (`sv`); kept equal to package.json's. */
export const sdkVersion = '0.1.0'
