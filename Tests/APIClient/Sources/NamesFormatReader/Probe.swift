import EmoPack
import EmoPackFormat

public let reader: PackFileReader? = nil
