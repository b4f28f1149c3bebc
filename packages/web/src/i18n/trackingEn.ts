// English texts of tracking with the phone in a pocket (features/tracking and the participant
// app's part of it). trackingAppEn is in the participant app's first texts (publicEn.ts); the
// dialog's own texts, trackingEn, come with the organiser's texts, which the lazy dialog loads
// as it opens (withAllTexts), so a public page downloads none of them.

/** What the participant app shows of it: the way in, the keep-awake switch, the gap banner. */
export const trackingAppEn: Record<string, string> = {
  'tracking.open': 'Track in the background',
  'tracking.open.hint':
    'A web page gets no position with the screen off. A free tracking app keeps tracking with the phone in a pocket.',
  'tracking.wakelock': 'Keep the screen on',
  'tracking.wakelock.cost':
    'Tracks while this page stays open. A lit screen uses roughly as much battery as using the phone: about 10–20% an hour on most phones.',
  'tracking.wakelock.failed':
    'The phone did not let the screen stay on (a battery saver may be on).',
  'tracking.gap': 'Not tracked for {{duration}} while the app was in the background.',
  'tracking.gap.fix': 'Track in the background',
  'tracking.gap.min': '{{count}} min',
  'tracking.gap.h': '{{h}} h {{min}} min',
};

/** The Tracking apps dialog (features/tracking). */
export const trackingEn: Record<string, string> = {
  'tracking.title': 'Track with the phone in a pocket',
  'tracking.intro':
    'A web page stops getting positions when the screen goes off. These free apps keep sending the phone’s position to this event from a pocket, screen locked.',
  'tracking.apps': 'Tracking apps',
  'tracking.app.traccar': 'Traccar Client',
  'tracking.app.osmand': 'OsmAnd',
  'tracking.app.owntracks': 'OwnTracks',
  'tracking.app.gpslogger': 'GPSLogger',
  'tracking.app.tracker': 'GPS tracker',
  'tracking.recommended': 'Recommended',
  'tracking.androidonly': 'Android only',
  'tracking.store.play': 'Google Play',
  'tracking.store.apple': 'App Store',
  'tracking.store.fdroid': 'F-Droid',
  'tracking.make': 'Make a link for {{app}}',
  'tracking.make.text':
    'The link is this team’s own: whoever has it sends positions as the team. Make one for each phone that tracks.',
  'tracking.another': 'Another phone: make one more link',
  'tracking.link': 'Link {{nr}}',
  'tracking.steps': 'How to set it up',
  'tracking.openin': 'Open in {{app}}',
  'tracking.openin.hint': 'On this phone: one tap sets the app up.',
  'tracking.qr.alt': 'QR code that sets up {{app}}',
  'tracking.qr.hint': 'From another phone: scan the code with its camera.',
  'tracking.qr.failed': 'The QR code could not be drawn; copy the address instead.',
  'tracking.url': 'Address for the app',
  'tracking.copy': 'Copy the address',
  'tracking.copied': 'Address copied',
  'tracking.copyfailed': 'Could not copy: select the address and copy it.',
  'tracking.status.none': 'No point yet',
  'tracking.status.last': 'Last point {{ago}}',
  'tracking.status.seen': 'Last request {{ago}}, but no point in it yet',
  'tracking.ago.now': 'just now',
  'tracking.ago.s': '{{count}} s ago',
  'tracking.ago.min': '{{count}} min ago',
  'tracking.ago.h': '{{count}} h {{min}} min ago',
  'tracking.ago.d': '{{count}} d ago',
  'tracking.stop': 'Stop this link',
  'tracking.stop.title': 'Stop this link?',
  'tracking.stop.text':
    'The app that uses this link is no longer accepted: its positions are refused from now on. The points already stored stay.',
  'tracking.stopped': 'The link is stopped.',
  'tracking.battery':
    'Battery: an app sending a point every 10 seconds uses about 5–10% an hour with the screen off, depending on the phone. For a long event take a power bank.',
  'tracking.privacy':
    'Privacy: the positions go only to this event, while the app tracks. Turn tracking off in the app after the finish, or stop the link here.',

  'tracking.step.allow':
    'Allow location “All the time” (Android) or “Always” (iPhone) when {{app}} asks, or later in the phone’s settings for the app.',
  'tracking.step.battery':
    'Android: turn battery optimisation off for {{app}} (Settings → Apps → {{app}} → Battery → Unrestricted), or the phone stops it in the pocket.',
  'tracking.step.install': 'Install {{app}}:',

  'tracking.traccar.open':
    'On this phone tap “Open in Traccar Client” and accept the new configuration. From another phone, scan the QR code with its camera.',
  'tracking.traccar.settings':
    'Check the settings: Location accuracy High, Interval 10 seconds, Offline buffering on. The server URL and device identifier are already filled in.',
  'tracking.traccar.start':
    'Turn Continuous tracking on. The app then sends a point every 10 seconds, screen off or not.',

  'tracking.osmand.plugin': 'In OsmAnd open Menu → Plugins and turn Trip recording on.',
  'tracking.osmand.url':
    'In Menu → Settings → your profile → Trip recording → Online tracking, paste the address below as the web address (copy it, or scan the QR code) and set the tracking interval to 10 seconds.',
  'tracking.osmand.start':
    'Turn Online tracking on and start trip recording (the trip recording widget on the map).',

  'tracking.owntracks.open':
    'On this phone tap “Open in OwnTracks” and import the configuration. From another phone, scan the QR code. To type it in: Preferences → Connection → Mode HTTP, with the address below as the URL.',
  'tracking.owntracks.move':
    'Choose the Move monitoring mode (the arrows at the top of the map): it reports every few seconds while you move.',
  'tracking.owntracks.start': 'Leave OwnTracks running; it keeps reporting with the screen off.',

  'tracking.gpslogger.url':
    'In GPSLogger open Menu → Logging details → Log to custom URL, turn it on and paste the address below as the URL (copy it, or scan the QR code).',
  'tracking.gpslogger.settings':
    'In Menu → Performance set Log every 10 seconds; the GPS and network location sources both on.',
  'tracking.gpslogger.start': 'Tap Start logging.',

  'tracking.feed.title': 'Forwarding from your Traccar server',
  'tracking.feed.text':
    'A Traccar server reads the hardware trackers’ own protocols and forwards their positions here. One address for the whole event.',
  'tracking.feed.off': 'Forwarding is off: the event takes no positions from a Traccar server.',
  'tracking.feed.enable': 'Turn forwarding on',
  'tracking.feed.renew': 'Make a new address',
  'tracking.feed.renew.text':
    'The present address stops working at once; the Traccar server needs the new one in its traccar.xml.',
  'tracking.feed.disable': 'Turn forwarding off',
  'tracking.feed.disable.text':
    'The event then takes no positions from the Traccar server. A new address can be made later.',
  'tracking.feed.url': 'Forwarding address',
  'tracking.feed.where':
    'Put it in the Traccar server’s traccar.xml as forward.url, with forward.type json (Rada’s docs/tracking.md shows the lines).',
  'tracking.trackers.title': 'This team’s trackers',
  'tracking.trackers.text':
    'Add a tracker by its unique id in the Traccar server (often the IMEI): its forwarded positions become this team’s.',
  'tracking.trackers.none': 'No tracker yet.',
  'tracking.trackers.id': 'Unique id in Traccar',
  'tracking.trackers.invalid': 'Letters, digits and signs without spaces, at most 64.',
  'tracking.trackers.add': 'Add',
  'tracking.trackers.removebutton': 'Remove',
  'tracking.trackers.remove': 'Remove tracker {{id}}',
  'tracking.trackers.remove.text':
    'Positions forwarded for {{id}} are no longer this team’s. The points already stored stay.',
  'tracking.trackers.removed': 'Tracker {{id}} removed.',
};
