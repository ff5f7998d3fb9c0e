import EmoPack

public let reader: PackReader? = nil
