print("guided")
