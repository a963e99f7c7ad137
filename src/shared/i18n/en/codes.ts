/**
 * The shared code panels: the camera scanner (the customer's Scan QR Code, the vendor's Issue
 * Stamp) and the rotating-code panel (My QR, a reward's live code, the counter code).
 */
export default {
  'camera.view': 'Camera view',
  'camera.starting': 'Starting the camera…',
  'camera.blocked':
    'Camera access was blocked. Allow the camera for this site in your browser settings, or type the code below.',
  'camera.notFound': 'No camera was found on this device. Type the code shown at the counter below.',
  'camera.unsupported': 'This browser cannot use the camera here. Type the code shown at the counter below.',
  'camera.failed': 'The camera could not be started. Type the code shown at the counter below.',
  'rotating.loadFailed': 'The code could not be loaded.',
  'rotating.tryAgain': 'Try again',
  'rotating.typeThisCode': 'No camera? Type this code',
  'rotating.refreshing': 'Getting a fresh code…',
  'rotating.newCodeIn': 'New code in {{refresh}} s · this one works for {{expires}} s',
  'rotating.worksFor': 'This code works for {{expires}} s',
  'rotating.getNew': 'Get a new code',
  'entry.stopCamera': 'Stop camera',
  'entry.scanWithCamera': 'Scan with camera',
  'entry.placeholder': 'XXXX-XXXX',
};
