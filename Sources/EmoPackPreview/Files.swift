import Foundation

/// Path helpers for the preview module (Foundation's NSString path API, named once).
typealias NSStringPath = NSString
