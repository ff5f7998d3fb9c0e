import EmoPack

public let storage: PackStorage? = nil
